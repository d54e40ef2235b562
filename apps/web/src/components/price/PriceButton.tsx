import type { ComponentPropsWithRef, ReactNode } from "react";
import styles from "./Price.module.css";

export interface PriceButtonProps
  extends Omit<ComponentPropsWithRef<"button">, "className" | "type" | "name" | "value"> {
  /** What is bet on: the outcome's name, or a short column label. */
  name: ReactNode;
  /** The full name when `name` is a short label. */
  nameTitle?: string | undefined;
  /** The price as shown, or what stands for it (a lock while it cannot be bet on). */
  value: ReactNode;
  /** The price in thousandths, for whatever reads the shown figure. */
  odds?: number | undefined;
  /** Name above price, as in a market's box; otherwise side by side while both fit. */
  stacked?: boolean | undefined;
}

/** The face of a price: one button with an outcome's name and its price, in every place a price is bet on. */
export function PriceButton({ name, nameTitle, value, odds, stacked, ...button }: PriceButtonProps) {
  return (
    <button type="button" {...button} className={styles.cell} data-layout={stacked ? "stacked" : undefined}>
      <span className={styles.name} title={nameTitle} data-outcome-name>
        {name}
      </span>
      <span className={styles.value} data-odds={odds}>
        {value}
      </span>
    </button>
  );
}
