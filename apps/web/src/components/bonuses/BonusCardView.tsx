import type { ReactNode } from "react";
import styles from "./BonusCardView.module.css";

/** A card's banner: the desktop image, and on narrow screens the mobile one when there is one. */
export interface BonusCardBanner {
  id?: string | number | undefined;
  url: string;
  alt: string;
  mobileUrl?: string | undefined;
  /** Below the fold on a list of cards; the back office's single preview shows it at once. */
  lazy?: boolean;
}

/**
 * A promotion's card as a player sees it, drawn from words already chosen: the one drawing of
 * `/promotions`' cards and of the back office's preview of a definition. What only a player's own
 * copy has (amounts, progress, actions) comes in as `details` and `footer`.
 */
export function BonusCardView({
  id,
  type,
  typeLabel,
  status,
  statusLabel,
  name,
  description,
  validUntil,
  banner,
  details,
  footer,
}: {
  id?: number;
  type: string;
  typeLabel: string;
  /** the state a player sees: `available` and `active` stand out */
  status: string;
  statusLabel: string;
  name: string;
  description?: string | null | undefined;
  validUntil?: string | undefined;
  banner?: BonusCardBanner | undefined;
  details?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <li className={styles.card} data-bonus-card data-bonus={id} data-bonus-type={type} data-status={status}>
      {banner ? (
        <picture className={styles.banner} data-banner={banner.id}>
          {banner.mobileUrl ? <source media="(max-width: 779px)" srcSet={banner.mobileUrl} /> : null}
          <img
            src={banner.url}
            alt={banner.alt}
            width={720}
            height={240}
            {...(banner.lazy ? { loading: "lazy" as const } : {})}
          />
        </picture>
      ) : null}
      <div className={styles.head}>
        <span>{typeLabel}</span>
        <span className={styles.status} data-bonus-status>
          {statusLabel}
        </span>
      </div>
      <h2 className={styles.name} data-bonus-name>
        {name}
      </h2>
      {description ? <p>{description}</p> : null}
      {details}
      {validUntil ? <p>{validUntil}</p> : null}
      {footer}
    </li>
  );
}
