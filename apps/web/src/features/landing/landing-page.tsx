import { Logo } from '../../components/brand/logo';

export function LandingPage() {
  return (
    <div className="p-8">
      <Logo />
    </div>
  );
}
