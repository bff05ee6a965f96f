import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector } from 'react-redux';
import { api } from '../lib/api';
import { uiReducer } from './ui-slice';
import { LOCALE_KEY, writeStorage } from '../lib/storage';

const rootReducer = combineReducers({ [api.reducerPath]: api.reducer, ui: uiReducer });
export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store (tests build their own, the app one). */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  setupListeners(store.dispatch);
  // Remember the chosen language across visits.
  let locale = store.getState().ui.locale;
  store.subscribe(() => {
    const next = store.getState().ui.locale;
    if (next !== locale) {
      locale = next;
      writeStorage(LOCALE_KEY, next);
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
