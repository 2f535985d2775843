import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

type LeaveDialogProps = { open: boolean; onCancel: () => void; onConfirm: () => void };

export function LeaveDialog({ open, onCancel, onConfirm }: LeaveDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="Leave this page?"
      description="Any unsaved data will be lost. Are you sure you want to go back to the dashboard?"
    >
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button onClick={onConfirm}>Yes, leave</Button>
    </Dialog>
  );
}
