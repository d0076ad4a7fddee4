import { type Theme, useTheme } from "@/lib/theme";

const NEXT: Record<Theme, Theme> = { light: "dark", dark: "system", system: "light" };
const LABEL: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };

/** Cycles light → dark → system; the current choice is in its accessible name. */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  return (
    <button
      type="button"
      onClick={() => setTheme(NEXT[theme])}
      aria-label={`Theme: ${LABEL[theme]}. Switch to ${LABEL[NEXT[theme]]}`}
      title={`Theme: ${LABEL[theme]}`}
      className="flex size-8 items-center justify-center rounded-lg text-neutral-600 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800"
    >
      <ThemeIcon theme={theme} />
    </button>
  );
}

function ThemeIcon({ theme }: { theme: Theme }) {
  const common = {
    viewBox: "0 0 20 20",
    className: "size-5",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 1.5,
  } as const;
  if (theme === "light")
    return (
      <svg aria-hidden="true" {...common}>
        <circle cx="10" cy="10" r="3.5" />
        <path
          d="M10 2v2M10 16v2M2 10h2M16 10h2M4.3 4.3l1.4 1.4M14.3 14.3l1.4 1.4M4.3 15.7l1.4-1.4M14.3 5.7l1.4-1.4"
          strokeLinecap="round"
        />
      </svg>
    );
  if (theme === "dark")
    return (
      <svg aria-hidden="true" {...common}>
        <path d="M16 12.5A6.5 6.5 0 0 1 7.5 4a6.5 6.5 0 1 0 8.5 8.5z" strokeLinejoin="round" />
      </svg>
    );
  return (
    <svg aria-hidden="true" {...common}>
      <rect x="3" y="4" width="14" height="10" rx="1.5" />
      <path d="M7 17h6" strokeLinecap="round" />
    </svg>
  );
}
