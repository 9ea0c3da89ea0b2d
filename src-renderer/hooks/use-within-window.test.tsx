import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { useWithinWindow } from './use-within-window';

afterEach(cleanup);

/** A panel whose box is [left, left + width] before any shift (what the layout would give it). */
function Panel({ left, width }: { left: number; width: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useWithinWindow(ref);
  return (
    <div
      ref={(el) => {
        ref.current = el;
        if (!el) return;
        el.getBoundingClientRect = () => {
          const shift = Number.parseFloat(el.style.left || '0');
          return { left: left + shift, right: left + shift + width, top: 0, bottom: 10, width, height: 10 } as DOMRect;
        };
      }}
      data-testid="panel"
    />
  );
}

describe('useWithinWindow', () => {
  it('moves a panel that would stick out on the right back inside the window', () => {
    window.innerWidth = 1280;
    const { getByTestId } = render(<Panel left={930} width={420} />);
    expect(getByTestId('panel').style.left).toBe('-78px');
  });

  it('leaves a panel that fits where it is, and never pushes one past the left edge', () => {
    window.innerWidth = 1280;
    const { getByTestId, unmount } = render(<Panel left={300} width={420} />);
    expect(getByTestId('panel').style.left).toBe('');
    unmount();
    window.innerWidth = 400;
    const narrow = render(<Panel left={20} width={420} />);
    expect(narrow.getByTestId('panel').style.left).toBe('-12px');
  });
});
