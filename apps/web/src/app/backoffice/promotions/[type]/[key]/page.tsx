import { promotionKeySchema } from "@sportsbook/contracts/backoffice-promotions";
import { notFound } from "next/navigation";
import { BonusForm } from "../../../../../backoffice/BonusForm";
import { JackpotForm } from "../../../../../backoffice/JackpotForm";
import { Shell } from "../../../../../backoffice/Shell";

export default async function EditPromotion({ params }: { params: Promise<{ type: string; key: string }> }) {
  const { type, key } = await params;
  if ((type !== "bonus" && type !== "jackpot") || !promotionKeySchema.safeParse(key).success) notFound();
  return (
    <Shell needs="listPromotions">
      {type === "bonus" ? <BonusForm editing={key} /> : <JackpotForm editing={key} />}
    </Shell>
  );
}
