import { Button, type ButtonProps } from "@/components/ui/button";

interface DisclosureButtonProps extends Omit<ButtonProps, "onClick" | "aria-expanded" | "aria-controls"> {
  open: boolean;
  /** The id of what the button shows and hides. */
  controls: string;
  onOpenChange(open: boolean): void;
}

/** A small button that shows or hides a region, announcing its state (hints, folded sources). */
export function DisclosureButton({ open, controls, onOpenChange, ...props }: DisclosureButtonProps) {
  return (
    <Button
      size="sm"
      variant="secondary"
      {...props}
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => onOpenChange(!open)}
    />
  );
}
