import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { renderWithStore } from '../../test/render';
import { useNotify } from '../../store/hooks';
import { Modal } from '../../ui/modal';
import { useConfirm } from '../../ui/confirm-dialog';
import { Notices, NOTICE_TIMEOUT_MS } from './notices';

function Demo() {
  const notify = useNotify();
  return (
    <>
      <button onClick={() => notify('Order cancelled successfully', 'success')}>good</button>
      <button onClick={() => notify('Failed to cancel order. Please try again.', 'error')}>bad</button>
      <Notices />
    </>
  );
}

afterEach(() => vi.useRealTimers());

describe('Notices', () => {
  it('says a success politely and a failure at once, in live regions that were already there', async () => {
    renderWithStore(<Demo />);
    const polite = screen.getByRole('status');
    const urgent = screen.getByRole('alert');
    expect(polite).toBeEmptyDOMElement();
    await userEvent.click(screen.getByText('good'));
    await userEvent.click(screen.getByText('bad'));
    expect(within(polite).getByText('Order cancelled successfully')).toBeInTheDocument();
    expect(within(urgent).getByText('Failed to cancel order. Please try again.')).toBeInTheDocument();
  });

  it('a success closes itself; a failure stays until it is dismissed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithStore(<Demo />);
    await user.click(screen.getByText('good'));
    await user.click(screen.getByText('bad'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTICE_TIMEOUT_MS + 10);
    });
    expect(screen.queryByText('Order cancelled successfully')).not.toBeInTheDocument();
    expect(screen.getByText('Failed to cancel order. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Failed to cancel order. Please try again.')).not.toBeInTheDocument();
  });

  it('the same text twice shows once', async () => {
    renderWithStore(<Demo />);
    await userEvent.click(screen.getByText('bad'));
    await userEvent.click(screen.getByText('bad'));
    expect(screen.getAllByTestId('notice')).toHaveLength(1);
  });
});

function ModalDemo() {
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  return (
    <>
      <div data-testid="page">
        <button onClick={() => setOpen(true)}>open</button>
      </div>
      <Modal open={open} onClose={() => setOpen(false)} title="Dialog">
        <button onClick={() => notify('Saved', 'success')}>inside</button>
      </Modal>
      <Notices />
    </>
  );
}

describe('A modal dialog', () => {
  it('makes the page behind inert but not the notifications, and gives it back on close', async () => {
    const { container } = renderWithStore(<ModalDemo />);
    await userEvent.click(screen.getByText('open'));
    expect((container as HTMLElement).inert).toBe(true);
    const dialog = screen.getByRole('dialog');
    expect(dialog.closest('[inert]')).toBeNull();
    await userEvent.click(within(dialog).getByText('inside'));
    expect(screen.getByText('Saved').closest('[inert]')).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect((container as HTMLElement).inert).toBe(false);
    expect(screen.getByText('open')).toHaveFocus();
  });
});

function ConfirmDemo({ onAnswer }: { onAnswer: (answer: boolean) => void }) {
  const { ask, dialog } = useConfirm();
  return (
    <>
      <button
        onClick={() =>
          void ask({
            title: 'Cancel order',
            message: 'Are you sure?',
            confirmLabel: 'Cancel order',
            destructive: true,
          }).then(onAnswer)
        }
      >
        ask
      </button>
      {dialog}
    </>
  );
}

describe('useConfirm', () => {
  it('resolves true on the confirming button and false on Escape', async () => {
    const onAnswer = vi.fn();
    renderWithStore(<ConfirmDemo onAnswer={onAnswer} />);
    await userEvent.click(screen.getByText('ask'));
    expect(screen.getByRole('dialog', { name: 'Cancel order' })).toHaveTextContent('Are you sure?');
    expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onAnswer).toHaveBeenLastCalledWith(false);
    await userEvent.click(screen.getByText('ask'));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(onAnswer).toHaveBeenLastCalledWith(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
