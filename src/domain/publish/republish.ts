/** Spec §5: 'Republish needs the word 'republish' typed.' — the word itself, trimmed. */
export const REPUBLISH_WORD = "republish";

export const isRepublishConfirmed = (typed: string | null | undefined) => (typed ?? "").trim() === REPUBLISH_WORD;
