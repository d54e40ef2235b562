import { notFound } from "next/navigation";
import { MatchTradingPage } from "../../../../backoffice/MatchTradingPage";
import { Shell } from "../../../../backoffice/Shell";

export default async function MatchTrading({ params }: { params: Promise<{ matchId: string }> }) {
  const id = Number((await params).matchId);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  return (
    <Shell needs="tradingMatch">
      <MatchTradingPage matchId={id} />
    </Shell>
  );
}
