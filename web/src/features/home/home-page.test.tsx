import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { layoutHandlers, useMswServer } from '../../test/handlers';
import type { AnnouncementView, BestsellerView, PosterCardView } from '../../api/generated-public';
import { cartWith, posterCard } from '../../test/fixtures';

const server = useMswServer();

const poster = (id: string, name: string) => posterCard(id, name, { price: 150, originalPrice: 200 });

describe('home', () => {
  it('shows the hero, bestsellers with their details, the value blurbs and the first 6 featured posters', async () => {
    server.use(
      http.get<never, never, BestsellerView[]>('*/api/public/posters/bestsellers', () =>
        HttpResponse.json([{ posterId: 'b1', totalOrdered: 9, poster: poster('b1', 'Best One') }]),
      ),
      http.get<never, never, PosterCardView[]>('*/api/public/featured', () => HttpResponse.json(Array.from({ length: 8 }, (_, i) => poster(`f${i}`, `Featured ${i}`)))),
      ...layoutHandlers({ cart: cartWith([]) }),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Walls That Whisper.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/shop');
    expect(screen.getByRole('link', { name: 'Make Your Own' })).toHaveAttribute('href', '/custom');
    expect(await screen.findByText('Best One')).toBeInTheDocument();
    expect(await screen.findByText('Featured 5')).toBeInTheDocument();
    expect(screen.queryByText('Featured 6')).not.toBeInTheDocument();
    for (const blurb of ['Premium quality', 'Fast shipping', 'Satisfaction guarantee']) expect(screen.getByText(blurb)).toBeInTheDocument();
    // 25% off on the cheapest size: badge and struck-through original price.
    expect(screen.getAllByText('25% OFF').length).toBeGreaterThan(0);
    expect(screen.getByTestId('announcement')).toHaveTextContent('Free shipping from LE 1,499!');
  });

  it('ranks bestsellers "#١" left to right on the Arabic home page, so the digit stays after the sign', async () => {
    server.use(
      http.get<never, never, BestsellerView[]>('*/api/public/posters/bestsellers', () =>
        HttpResponse.json([{ posterId: 'b1', totalOrdered: 9, poster: poster('b1', 'Best One') }]),
      ),
      http.get<never, never, PosterCardView[]>('*/api/public/featured', () => HttpResponse.json([])),
      ...layoutHandlers({ cart: cartWith([]) }),
    );
    window.localStorage.setItem('locale', 'ar');
    renderApp('/');
    const badge = await screen.findByText('#١');
    expect(badge.closest('[dir]')).toHaveAttribute('dir', 'ltr');
  });

  it('says bestsellers are temporarily unavailable on a 500, without retrying it', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/public/posters/bestsellers', () => {
        calls++;
        return HttpResponse.json({ statusCode: 500, message: 'boom' }, { status: 500 });
      }),
      http.get('*/api/public/featured', () => HttpResponse.json({ statusCode: 503 }, { status: 503 })),
      ...layoutHandlers({ cart: cartWith([]) }),
    );
    renderApp('/');
    expect(await screen.findByText('Temporarily unable to load bestsellers. Please try again later.')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load featured posters. Please try again later.')).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('falls back to the welcome text when there is no announcement', async () => {
    let answered = false;
    server.use(
      http.get<never, never, AnnouncementView>('*/api/public/announcement', () => {
        answered = true;
        return HttpResponse.json({ text: '  ', textAr: null });
      }),
      http.get<never, never, BestsellerView[]>('*/api/public/posters/bestsellers', () => HttpResponse.json([])),
      http.get<never, never, PosterCardView[]>('*/api/public/featured', () => HttpResponse.json([])),
      ...layoutHandlers({ cart: cartWith([]) }),
    );
    renderApp('/');
    await screen.findByRole('heading', { name: 'Walls That Whisper.' });
    await waitFor(() => expect(answered).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('announcement')).toHaveTextContent('Welcome to Poster Shop! Premium posters delivered across Egypt.');
  });
});
