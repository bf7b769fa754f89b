/** Marks the current choice in a menu; hidden, it keeps the labels of the others aligned. */
export function CheckMark({ visible }: { visible: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      aria-hidden="true"
      style={{ visibility: visible ? 'visible' : 'hidden' }}
    >
      <path d="M5 12l5 5L20 7" />
    </svg>
  );
}
