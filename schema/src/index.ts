export * from "./calendar.js";
export * from "./constants.js";
export * from "./countries.js";
export * from "./messages.js";
export * from "./validation/phone.js";
export * from "./validation/cpf.js";
export * from "./validation/offer.js";
export * from "./validation/profile.js";
