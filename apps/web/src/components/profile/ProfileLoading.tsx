import styles from "./Profile.module.css";

/**
 * The place the profile's sections hold while their code or the player loads. The sections run well
 * past the first screen, so the place already does: the footer starts below the fold instead of
 * being drawn under the title and pushed away when the sections arrive.
 */
export function ProfileLoading() {
  return <div className={styles.loading} aria-busy="true" />;
}
