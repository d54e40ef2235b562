import { Shell } from "../../../backoffice/Shell";
import { TickerPage } from "../../../backoffice/TickerPage";

export default function Ticker() {
  return (
    <Shell needs="betTicker">
      <TickerPage />
    </Shell>
  );
}
