import type { ComponentProps } from "react";
import styles from "./Price.module.css";

/** A row of prices (a market's outcomes), as many columns as fit. */
export function PriceGrid(props: Omit<ComponentProps<"div">, "className">) {
  return <div {...props} className={styles.grid} />;
}
