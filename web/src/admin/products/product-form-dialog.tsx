import { useState, type FormEvent } from 'react';
import { errorMessage } from '../shared/error-text';
import { useToast } from '../../lib/toast';
import { Dialog } from '../shared/dialog';
import { btnPrimary, btnSecondary, input } from '../shared/styles';
import { Field } from '../shared/field';
import { useCreateProductMutation, useUpdateProductMutation, type AddOnProduct } from './products-api';

/**
 * Add and Edit dialogs: a price, and a name and a description in English or Arabic (the shop in the
 * other language falls back to it); the image is optional and kept when not replaced.
 */
export function ProductFormDialog({ product, onClose }: { product: AddOnProduct | null; onClose: () => void }) {
  const [name, setName] = useState(product?.name ?? '');
  const [price, setPrice] = useState(product ? String(product.price) : '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [nameAr, setNameAr] = useState(product?.nameAr ?? '');
  const [descriptionAr, setDescriptionAr] = useState(product?.descriptionAr ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [createProduct, createState] = useCreateProductMutation();
  const [updateProduct, updateState] = useUpdateProductMutation();
  const toast = useToast();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(price);
    const missing = (en: string, ar: string) => !en.trim() && !ar.trim();
    if (missing(name, nameAr) || !price.trim() || !Number.isFinite(value) || value === 0 || missing(description, descriptionAr)) {
      setProblem('Please fill in all required fields');
      return;
    }
    setProblem(null);
    const data = {
      name: name.trim(), price: value, description: description.trim(), nameAr: nameAr.trim(), descriptionAr: descriptionAr.trim(), imageUrl: product?.imageUrl ?? null,
    };
    try {
      if (product) await updateProduct({ id: product.id, data, file }).unwrap();
      else await createProduct({ data, file }).unwrap();
      toast.success(product ? 'Product updated successfully' : 'Product created successfully');
      onClose();
    } catch (error) {
      toast.error('Error', errorMessage(error, product ? 'Failed to update product' : 'Failed to create product'));
    }
  };

  return (
    <Dialog title={product ? 'Edit Product' : 'Add Product'} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        {problem && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {problem}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="product-name" label="Product Name (English) *">
            <input id="product-name" lang="en" className={input} value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field id="product-name-ar" label="Arabic name *">
            <input id="product-name-ar" lang="ar" dir="rtl" className={input} value={nameAr} onChange={(e) => setNameAr(e.target.value)} />
          </Field>
        </div>
        <p className="text-xs text-gray-500">* One language is enough: the shop in the other language shows it.</p>
        <Field id="product-price" label="Price *">
          <input id="product-price" type="number" step={0.01} min={0} className={input} value={price} onChange={(e) => setPrice(e.target.value)} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="product-description" label="Description (English) *">
            <textarea id="product-description" lang="en" rows={3} className={input} value={description} onChange={(e) => setDescription(e.target.value)} />
          </Field>
          <Field id="product-description-ar" label="Arabic description *">
            <textarea id="product-description-ar" lang="ar" dir="rtl" rows={3} className={input} value={descriptionAr} onChange={(e) => setDescriptionAr(e.target.value)} />
          </Field>
        </div>
        <Field id="product-image" label="Image (optional)">
          <input id="product-image" type="file" accept="image/*" className="block text-sm" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Field>
        <div className="flex justify-end gap-2">
          <button type="button" className={btnSecondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={btnPrimary} disabled={createState.isLoading || updateState.isLoading}>
            {product ? 'Save Changes' : 'Add Product'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
