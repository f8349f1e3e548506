export * from "./constants.js";
export * from "./countries.js";
export * from "./messages.js";
export * from "./validation/phone.js";
