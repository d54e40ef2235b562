import { HomePage } from "../../backoffice/HomePage";
import { Shell } from "../../backoffice/Shell";

export default function BackofficeHome() {
  return (
    <Shell>
      <HomePage />
    </Shell>
  );
}
