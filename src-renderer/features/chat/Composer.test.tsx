import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Composer } from './Composer';

afterEach(cleanup);

function mount(onSend: (text: string) => Promise<boolean>) {
  render(
    <Composer
      disabled={false}
      running={false}
      sending={false}
      onSend={onSend}
      onCancel={() => undefined}
      placeholder=""
    />,
  );
  const box = screen.getByTestId('chat-input') as HTMLTextAreaElement;
  fireEvent.change(box, { target: { value: 'What is 12*9?' } });
  return box;
}

describe('Composer', () => {
  it('keeps the typed message when the send fails (persona_invalid, no server...)', async () => {
    const box = mount(async () => false);
    await act(async () => fireEvent.click(screen.getByTestId('send')));
    expect(box.value).toBe('What is 12*9?');
  });

  it('clears the box once the message is sent', async () => {
    const sent: string[] = [];
    const box = mount(async (t) => (sent.push(t), true));
    await act(async () => fireEvent.click(screen.getByTestId('send')));
    expect(sent).toEqual(['What is 12*9?']);
    expect(box.value).toBe('');
  });
});
