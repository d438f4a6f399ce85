/** The mask's width: 100% minus the percent (the bar's filled part is the percent). */
export function maskWidth(percent: number): number {
  return 100 - Math.min(100, Math.max(0, percent));
}

/** A progress bar (seed 000 §2): a title above the bar; `valueText` is its accessible value. */
export function ProgressBar({ title, percent, valueText }: { title: string; percent: number; valueText: string }) {
  return (
    <div className="buy-progress" data-testid="progress" data-percent={percent}>
      <p className="buy-progress__title" id="buy-progress-title">
        {title}
      </p>
      <div
        className="buy-progress__track"
        role="progressbar"
        aria-labelledby="buy-progress-title"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={valueText}
      >
        <div className="buy-progress__fill" style={{ width: `${percent}%` }} />
        <div className="buy-progress__mask" style={{ width: `${maskWidth(percent)}%` }} />
      </div>
    </div>
  );
}
