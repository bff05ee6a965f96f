import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { layoutHandlers, useMswServer } from '../../test/handlers';
import type { GalleryImageView, PosterCardView, PosterView } from '../../api/generated-public';
import { cartWith, poster, variant } from '../../test/fixtures';
import { SmartImage } from '../../lib/smart-image';
import { PLACEHOLDER_IMAGE, ZOOM_WIDTH } from '../../lib/images';

const server = useMswServer();

describe('poster detail', () => {
  it("says 'Poster not found' for a 404 with Back to Shop and Try Again", async () => {
    server.use(
      http.get('*/api/public/posters/missing', () => HttpResponse.json({ statusCode: 404, message: 'Poster not found' }, { status: 404 })),
      http.get('*/api/public/products', () => HttpResponse.json([])),
      ...layoutHandlers({ cart: cartWith([]) }),
    );
    renderApp('/posters/missing');
    expect(await screen.findByRole('heading', { name: 'Error Loading Poster' })).toBeInTheDocument();
    expect(screen.getByText('Poster not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/shop');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('retries a failing call twice, then Try Again loads it', async () => {
    let calls = 0;
    let healthy = false;
    server.use(
      http.get('*/api/public/posters/p1', () => {
        calls++;
        if (!healthy) return HttpResponse.json({ statusCode: 503, message: 'busy' }, { status: 503 });
        const answer: PosterView = poster('p1', 'Nile at Dusk', { description: 'Feluccas.', category: 'NATURE', variants: [variant('v', 'SIZE_20x30', 150)] });
        return HttpResponse.json(answer);
      }),
      http.get<never, never, GalleryImageView[]>('*/api/gallery', () => HttpResponse.json([])),
      http.get<never, never, PosterCardView[]>('*/api/public/posters', () => HttpResponse.json([])),
      http.get('*/api/public/products', () => HttpResponse.json([])),
      ...layoutHandlers({ cart: cartWith([]) }),
    );
    renderApp('/posters/p1');
    expect(await screen.findByText('Failed to load poster details. Please try again later.')).toBeInTheDocument();
    expect(calls).toBe(3);
    healthy = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Nile at Dusk' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Nile at Dusk' })).toHaveAttribute('src', '/uploads/p1.webp');
  });

  it('the gallery shows each caption in the page language, the other one marked where only one was written', async () => {
    const gallery: GalleryImageView[] = [
      { id: 'g1', imageUrl: 'gallery/1.jpg', caption: 'A living room in Zamalek', captionAr: 'صالة في الزمالك' },
      { id: 'g2', imageUrl: 'gallery/2.jpg', caption: 'A desk in Maadi', captionAr: '' },
      { id: 'g3', imageUrl: 'gallery/3.jpg', caption: '', captionAr: '' },
    ];
    server.use(
      http.get('*/api/public/posters/p1', () => HttpResponse.json(poster('p1', 'Nile at Dusk', { description: 'Feluccas.', category: 'NATURE', variants: [variant('v', 'SIZE_20x30', 150)] }))),
      http.get<never, never, GalleryImageView[]>('*/api/gallery', () => HttpResponse.json(gallery)),
      http.get<never, never, PosterCardView[]>('*/api/public/posters', () => HttpResponse.json([])),
      http.get('*/api/public/products', () => HttpResponse.json([])),
      ...layoutHandlers({ cart: cartWith([]) }),
    );
    window.localStorage.setItem('locale', 'ar');
    renderApp('/posters/p1');
    const captions = await screen.findAllByTestId('gallery-caption', {}, { timeout: 5000 });
    // The strip shows the list twice (the second copy hidden from screen readers): the first copy's captions.
    expect(captions.slice(0, 2).map((c) => [c.textContent, c.getAttribute('lang')])).toEqual([['صالة في الزمالك', null], ['A desk in Maadi', 'en']]);
    expect(screen.getByRole('img', { name: 'صورة من عميل ٣' })).toBeInTheDocument();
  });

  it('an image is served from its WebP renditions; a failure falls back to the original, retries once with a cache-busting suffix, then shows the placeholder', () => {
    render(<SmartImage src="posters/a.jpg" alt="A" width={300} height={400} sizes="50vw" />);
    const img = screen.getByRole('img', { name: 'A' });
    expect(img).toHaveAttribute('src', '/uploads/posters/a.jpg');
    expect(img).toHaveAttribute('srcset', '/uploads/posters/thumbs/a-w320.webp 320w, /uploads/posters/thumbs/a-w480.webp 480w, /uploads/posters/thumbs/a-w720.webp 720w, /uploads/posters/thumbs/a-w960.webp 960w, /uploads/posters/thumbs/a-w1200.webp 1200w');
    expect(img).toHaveAttribute('sizes', '50vw');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '300');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/uploads/posters/a.jpg');
    expect(img).not.toHaveAttribute('srcset');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toMatch(/^\/uploads\/posters\/a\.jpg\?retry=\d+$/);
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', PLACEHOLDER_IMAGE);
  });

  it('an image from elsewhere has no srcset; the zoom view asks for the largest rendition alone', () => {
    render(
      <>
        <SmartImage src="https://cdn.example.com/a.jpg" alt="Remote" width={300} height={400} />
        <SmartImage src="/uploads/demo/nile.webp" alt="Zoomed" width={1200} height={1600} renditionWidth={ZOOM_WIDTH} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Remote' })).not.toHaveAttribute('srcset');
    const zoomed = screen.getByRole('img', { name: 'Zoomed' });
    expect(zoomed).toHaveAttribute('src', '/uploads/demo/thumbs/nile-w1200.webp');
    expect(zoomed).not.toHaveAttribute('srcset');
  });
});
