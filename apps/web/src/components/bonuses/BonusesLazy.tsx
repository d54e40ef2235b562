"use client";
import dynamic from "next/dynamic";

// The promotions list and the promo code form, blocks the default layout does not place: behind
// dynamic imports they stay out of every page's first load (see blocks/BlocksLazy.tsx for why).

const Nothing = () => null;

export const PromotionsList = dynamic(() => import("./PromotionsList").then((m) => m.PromotionsList), {
  loading: Nothing,
});
export const PromoCodeForm = dynamic(() => import("./PromoCodeForm").then((m) => m.PromoCodeForm), {
  loading: Nothing,
});
