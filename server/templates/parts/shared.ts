import { enumOf } from "./part";

/** Enums used by parts of more than one area. */
export const priority = enumOf("Priority", ["LOW", "MEDIUM", "HIGH", "URGENT"]);
export const paymentMethod = enumOf("PaymentMethod", ["CARD", "BANK_TRANSFER", "PAYPAL", "CASH", "INVOICE"]);
export const approval = enumOf("ApprovalStatus", ["PENDING", "APPROVED", "REJECTED"]);
