/** The route as React state, kept in the address bar (pushState) so links and Back work. */
import { useCallback, useEffect, useState } from 'react';
import { type Route, parseRoute, routeToSearch } from './route.ts';

export function useRoute(): [Route, (next: Route, replace?: boolean) => void] {
  const [route, setRoute] = useState<Route>(() => parseRoute(window.location.search));
  useEffect(() => {
    const onPop = () => setRoute(parseRoute(window.location.search));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((next: Route, replace = false) => {
    const url = `${window.location.pathname}${routeToSearch(next)}`;
    if (url !== `${window.location.pathname}${window.location.search}`) {
      if (replace) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
    }
    setRoute(next);
  }, []);
  return [route, navigate];
}
