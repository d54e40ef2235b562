import { notFound } from "next/navigation";
import { MatchSettlementPage } from "../../../../backoffice/MatchSettlementPage";
import { Shell } from "../../../../backoffice/Shell";

export default async function MatchSettlement({ params }: { params: Promise<{ matchId: string }> }) {
  const id = Number((await params).matchId);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  return (
    <Shell needs="settlementMatch">
      <MatchSettlementPage matchId={id} />
    </Shell>
  );
}
