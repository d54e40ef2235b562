import { PlayersPage } from "../../../backoffice/PlayersPage";
import { Shell } from "../../../backoffice/Shell";

export default function Players() {
  return (
    <Shell needs="searchPlayers">
      <PlayersPage />
    </Shell>
  );
}
