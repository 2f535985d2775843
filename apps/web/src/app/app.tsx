import { createBrowserRouter, RouterProvider } from 'react-router';
import { Logo } from '../components/brand/logo';

const router = createBrowserRouter([{ path: '/', element: <div className="p-8"><Logo /></div> }]);

export function App() {
  return <RouterProvider router={router} />;
}
