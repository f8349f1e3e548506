// The banners' public face for the home page: the frame that holds the carousel's place (drawn with
// the first screen), and the carousel, fetched when the staff's banners are to be shown (a loader,
// which the home page wraps in lazyWhenOpen).
export { BannerFrame } from "./BannerFrame";

export const loadBannerCarousel = () => import("./BannerCarousel").then((m) => m.BannerCarousel);
