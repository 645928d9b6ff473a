import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createBrowserHistory,
  createMemoryHistory,
  matchPath,
  matchRoutes,
  Navigate,
  Outlet,
  Router,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
  type RouteObject,
} from './router';

describe('matchPath', () => {
  it('matches whole paths, ignoring case and a trailing slash', () => {
    expect(matchPath('/showDown', '/showdown')).toEqual({});
    expect(matchPath('/login', '/login/')).toEqual({});
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/login', '/login/extra')).toBeNull();
    expect(matchPath('/login', '/')).toBeNull();
  });

  it('takes one decoded segment per :param and the rest for a final *', () => {
    expect(matchPath('/join-game/:update', '/join-game/true')).toEqual({ update: 'true' });
    expect(matchPath('/spectate/:code', '/spectate/A%20B')).toEqual({ code: 'A B' });
    expect(matchPath('/join-game/:update', '/join-game')).toBeNull();
    expect(matchPath('*', '/any/where')).toEqual({ '*': 'any/where' });
  });
});

describe('matchRoutes', () => {
  const routes: RouteObject[] = [
    { children: [{ path: '/' }, { path: '/login' }, { path: '*' }] },
    { path: '/spectate/:code' },
  ];
  const paths = (pathname: string) =>
    matchRoutes(routes, pathname)?.branch.map((route) => route.path ?? '(layout)');

  it('puts a layout route around its matched child', () => {
    expect(paths('/login')).toEqual(['(layout)', '/login']);
  });

  it('prefers a route without * over an earlier catch-all, as react-router ranks them', () => {
    expect(paths('/spectate/AB12')).toEqual(['/spectate/:code']);
    expect(matchRoutes(routes, '/spectate/AB12')?.params).toEqual({ code: 'AB12' });
    expect(paths('/nowhere')).toEqual(['(layout)', '*']);
  });
});

describe('createMemoryHistory', () => {
  it('pushes, replaces and goes back, resolving relative paths, with state', () => {
    const history = createMemoryHistory(['/a', { pathname: '/b', search: '?x=1', state: 1 }]);
    expect(history.location).toMatchObject({ pathname: '/b', search: '?x=1', state: 1 });
    history.push('c?y=2', { k: 2 });
    expect(history.location).toMatchObject({ pathname: '/c', search: '?y=2', state: { k: 2 } });
    expect(history.action).toBe('PUSH');
    history.replace('/d', undefined);
    expect(history.location).toMatchObject({ pathname: '/d', state: null });
    expect(history.action).toBe('REPLACE');
    history.go(-1);
    expect(history.location.pathname).toBe('/b');
    expect(history.action).toBe('POP');
    history.go(-5);
    expect(history.location.pathname).toBe('/a');
  });
});

describe('createBrowserHistory', () => {
  it("keeps each entry's state in history.state and follows the browser's back", async () => {
    window.history.replaceState(null, '', '/start');
    const history = createBrowserHistory();
    expect(history.location).toMatchObject({ pathname: '/start', state: null, key: 'default' });
    history.push('/next?x=1', { a: 1 });
    expect(window.location.pathname + window.location.search).toBe('/next?x=1');
    expect(history.location).toMatchObject({ pathname: '/next', search: '?x=1', state: { a: 1 } });
    const popped = new Promise((resolve) => history.listen(resolve));
    window.history.back();
    expect(await popped).toMatchObject({ pathname: '/start', state: null });
    expect(history.action).toBe('POP');
  });
});

function Screen({ name }: { name: string }) {
  const { pathname, search, state } = useLocation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <div>
      <p>
        {name} at {pathname}
        {search} id={id ?? '-'} code={params.get('code') ?? '-'} state={JSON.stringify(state)}
      </p>
      <button onClick={() => navigate('/item/7?code=AB', { state: { from: name } })}>to 7</button>
      <button onClick={() => navigate(-1)}>back</button>
    </div>
  );
}

function Layout() {
  return (
    <main aria-label="layout">
      <Outlet />
    </main>
  );
}

const appRoutes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Screen name="home" /> },
      { path: '/item/:id', element: <Screen name="item" /> },
      { path: '/old', element: <Navigate to="/item/1" replace /> },
    ],
  },
];

function App() {
  return useRoutes(appRoutes);
}

function renderAt(...entries: string[]) {
  const history = createMemoryHistory(entries);
  render(
    <Router history={history}>
      <App />
    </Router>,
  );
  return history;
}

describe('Router and its hooks', () => {
  it('renders the matched screen in its layout with params, search and state', async () => {
    const history = renderAt('/');
    expect(screen.getByRole('main', { name: 'layout' })).toHaveTextContent(
      'home at / id=- code=- state=null',
    );
    act(() => screen.getByRole('button', { name: 'to 7' }).click());
    expect(
      await screen.findByText('item at /item/7?code=AB id=7 code=AB state={"from":"home"}'),
    ).toBeInTheDocument();
    expect(history.location.pathname).toBe('/item/7');
    act(() => screen.getByRole('button', { name: 'back' }).click());
    expect(await screen.findByText('home at / id=- code=- state=null')).toBeInTheDocument();
  });

  it('Navigate replaces the entry it renders in', async () => {
    const history = renderAt('/', '/old');
    expect(await screen.findByText('item at /item/1 id=1 code=- state=null')).toBeInTheDocument();
    expect(history.action).toBe('REPLACE');
    act(() => history.go(-1));
    expect(await screen.findByText('home at / id=- code=- state=null')).toBeInTheDocument();
  });

  it('renders nothing where no route matches', () => {
    const { container } = render(
      <Router history={createMemoryHistory(['/none'])}>
        <App />
      </Router>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
