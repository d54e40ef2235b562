import { notFound } from "next/navigation";
import { MatchLiabilitiesPage } from "../../../../backoffice/MatchLiabilitiesPage";
import { Shell } from "../../../../backoffice/Shell";

export default async function MatchLiabilities({
  params,
  searchParams,
}: {
  params: Promise<{ matchId: string }>;
  searchParams: Promise<{ currency?: string | string[] }>;
}) {
  const id = Number((await params).matchId);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  const currency = (await searchParams).currency;
  return (
    <Shell needs="matchLiabilities">
      <MatchLiabilitiesPage matchId={id} currency={typeof currency === "string" ? currency : undefined} />
    </Shell>
  );
}
