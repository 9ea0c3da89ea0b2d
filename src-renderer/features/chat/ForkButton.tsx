/** "Fork from here" on a recorded step of the trace. */
export function ForkButton({ onClick }: { onClick(): void }) {
  return (
    <button
      className="small ghost"
      data-testid="fork-here"
      onClick={onClick}
      title="Start a new session from this step: the history before it is copied, you edit this step, then the loop goes on live"
    >
      Fork from here
    </button>
  );
}
