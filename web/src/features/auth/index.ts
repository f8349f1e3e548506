// Sign-in's public face: how a phone number reads in its country's mask (her number on 'Meu Perfil').
export { displayPhone, isPhoneComplete } from "./phone";
