/** Refused cards after which a link takes no more (decision 0346); the home screens call such a link locked (decision 0422). */
export const MAX_FAILED_CARD_ATTEMPTS = 5;
