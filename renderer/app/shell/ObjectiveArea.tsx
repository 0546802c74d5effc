import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Loading } from '../../lib/components/Loading';
import { ObjectiveAreaNav } from './ObjectiveAreaNav';

/**
 * The layout of every /objective-tracking/* screen: the area's navigation above the screen. It
 * stays mounted from one screen of the area to the next, and a screen whose code is still loading
 * waits below it rather than taking the navigation away.
 */
export default function ObjectiveArea() {
  return (
    <>
      <ObjectiveAreaNav />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </>
  );
}
