import { useEffect } from "react";

/**
 * While `unsaved`, a reload or a closed tab asks first (the browser's own "leave site?" prompt):
 * a route change saves the work, a page load would cut the save off.
 */
export function useWarnBeforeUnload(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);
}
