import { ContentPage } from "../../../backoffice/ContentPage";
import { Shell } from "../../../backoffice/Shell";

export default function Content() {
  return (
    <Shell needs="listContent">
      <ContentPage />
    </Shell>
  );
}
