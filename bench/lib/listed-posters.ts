/**
 * The posters a shop lists (`limit` of them, newest first) with the sizes each sells, sorted by id
 * so that seeded draws pick the same posters whatever order the listing has. The listing answers
 * cards: each poster's sizes come from its own page, as a shopper choosing a size reads them.
 */
export async function listedPostersWithSizes(base: string, limit = 100): Promise<Array<{ id: string; name: string; sizes: string[] }>> {
  const read = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${base}/api/public/${path}`);
    if (!res.ok) throw new Error(`GET /api/public/${path}: ${res.status}`);
    return (await res.json()) as T;
  };
  const { posters } = await read<{ posters: Array<{ id: string }> }>(`posters?limit=${limit}`);
  const full = await Promise.all(posters.map((card) => read<{ id: string; name: string; variants: Array<{ size: string }> }>(`posters/${encodeURIComponent(card.id)}`)));
  return full.map((p) => ({ id: p.id, name: p.name, sizes: p.variants.map((v) => v.size) })).sort((a, b) => a.id.localeCompare(b.id));
}
