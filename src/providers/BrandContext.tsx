import { createContext, useContext, useEffect, useState } from 'react';
import { DEFAULT_BRAND, applyBrandToDocument, currentLabelId, fetchBrand, initialBrand, type Brand, type BrandClient } from './whiteLabel';

export const BrandContext = createContext<Brand>(DEFAULT_BRAND);

export const useBrand = (): Brand => useContext(BrandContext);

/** Paints the cached brand at once, then the fetched one; the document follows every change. */
export const useBrandLoader = (client: BrandClient, labelId: string | null = currentLabelId()): Brand => {
  const [brand, setBrand] = useState<Brand>(() => initialBrand(labelId));

  useEffect(() => applyBrandToDocument(brand), [brand]);

  useEffect(() => {
    let live = true;
    void fetchBrand(client, labelId).then((b) => {
      if (live) setBrand(b);
    });
    return () => {
      live = false;
    };
  }, [client, labelId]);

  return brand;
};
