import { FeedHealthPage } from "../../../backoffice/FeedHealthPage";
import { Shell } from "../../../backoffice/Shell";

export default function FeedHealth() {
  return (
    <Shell needs="feedHealth">
      <FeedHealthPage />
    </Shell>
  );
}
