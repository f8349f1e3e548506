import { Centered } from "./Page";
import { Skeleton } from "./Spinner";

/** A page on its way (its code or the server's answer): grey blocks where the page will stand. */
export function PageSkeleton() {
  return (
    <Centered aria-busy="true" data-testid="page-skeleton">
      <Skeleton $height="2.5rem" $width="70%" />
      <Skeleton $height="8rem" />
    </Centered>
  );
}
