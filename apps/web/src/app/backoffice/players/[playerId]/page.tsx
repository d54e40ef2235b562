import { notFound } from "next/navigation";
import { PlayerPage } from "../../../../backoffice/PlayerPage";
import { Shell } from "../../../../backoffice/Shell";

export default async function Player({ params }: { params: Promise<{ playerId: string }> }) {
  const id = Number((await params).playerId);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  return (
    <Shell needs="viewPlayer">
      <PlayerPage playerId={id} />
    </Shell>
  );
}
