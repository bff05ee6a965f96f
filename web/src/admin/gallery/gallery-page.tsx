import { useRef, useState, type DragEvent } from 'react';
import { useObjectUrl } from '../../lib/use-object-url';
import { errorMessage } from '../shared/error-text';
import { useToast } from '../../lib/toast';
import { useConfirmedDelete } from '../shared/use-confirmed-delete';
import { useLoadErrorToast } from '../shared/use-load-error-toast';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { ImageWithFallback } from '../shared/image-with-fallback';
import { btnPrimary, input, pageTitle } from '../shared/styles';
import { Field } from '../shared/field';
import { ListStates } from '../shared/list-states';
import { useGetGalleryQuery } from '../../features/catalog/catalog-api';
import { useDeleteGalleryImageMutation, useUploadGalleryImageMutation, type GalleryImage } from './gallery-api';

export function GalleryPage() {
  const { data = [], isLoading, isError } = useGetGalleryQuery();
  const [upload, uploadState] = useUploadGalleryImageMutation();
  const [remove, removeState] = useDeleteGalleryImageMutation();
  const { deleting, setDeleting, confirmDelete } = useConfirmedDelete<GalleryImage>(remove, { failed: 'Failed to delete image' });
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [captionAr, setCaptionAr] = useState('');
  const preview = useObjectUrl(file);
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const toast = useToast();

  useLoadErrorToast(isError, 'Failed to load gallery images');

  // Images only: anything else dropped or picked is ignored.
  const choose = (candidate: File | undefined | null) => {
    if (candidate && candidate.type.startsWith('image/')) setFile(candidate);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files?.[0]);
  };

  const onUpload = async () => {
    if (!file) return;
    try {
      await upload({ file, caption: caption.trim(), captionAr: captionAr.trim() }).unwrap();
      toast.success('Image uploaded successfully');
      setFile(null);
      setCaption('');
      setCaptionAr('');
      if (picker.current) picker.current.value = '';
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to upload image'));
    }
  };

  return (
    <div className="space-y-5">
      <h1 className={pageTitle}>Gallery</h1>
      <div
        role="button"
        tabIndex={0}
        aria-label="Upload area: click or drop an image"
        onClick={() => picker.current?.click()}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && picker.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-6 text-center ${
          dragging ? 'border-indigo-500 bg-indigo-50' : 'border-gray-300 bg-white'
        }`}
      >
        {preview && file ? (
          <>
            <img src={preview} alt="Preview" className="h-40 rounded object-contain" />
            <p className="text-sm font-medium">{file.name}</p>
            <p className="text-xs text-gray-500">{(file.size / 1024).toFixed(1)} KB</p>
          </>
        ) : (
          <>
            <p className="text-sm font-medium">Click to choose an image or drag and drop it here</p>
            <p className="text-xs text-gray-500">JPG, PNG or WebP, max 5MB</p>
          </>
        )}
        <input ref={picker} type="file" accept="image/*" className="hidden" aria-label="Gallery image file" onChange={(e) => choose(e.target.files?.[0])} />
      </div>
      <div className="grid max-w-2xl gap-4 sm:grid-cols-2">
        <Field id="gallery-caption" label="Caption (English, optional)">
          <input id="gallery-caption" lang="en" maxLength={200} className={input} value={caption} onChange={(e) => setCaption(e.target.value)} />
        </Field>
        <Field id="gallery-caption-ar" label="Arabic caption (optional)">
          <input id="gallery-caption-ar" lang="ar" dir="rtl" maxLength={200} className={input} value={captionAr} onChange={(e) => setCaptionAr(e.target.value)} />
        </Field>
      </div>
      <button type="button" className={btnPrimary} disabled={!file || uploadState.isLoading} onClick={onUpload}>
        {uploadState.isLoading ? 'Uploading...' : 'Upload Image'}
      </button>

      <section aria-labelledby="gallery-images">
        <h2 id="gallery-images" className="mb-3 text-lg font-semibold">
          {isLoading ? 'Gallery Images' : `Gallery Images (${data.length})`}
        </h2>
        <ListStates isLoading={isLoading} isError={isError} isEmpty={data.length === 0} loading="Loading images..." failed="Failed to load gallery images" empty="No images in the gallery yet. Upload some images to get started.">
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {data.map((image) => (
              <li key={image.id} className="group relative">
                <ImageWithFallback src={image.imageUrl} alt={image.caption || image.captionAr || 'Gallery image'} fallbackText="No image available" className="aspect-square w-full" />
                {(image.caption || image.captionAr) && (
                  <p className="mt-1 text-xs text-gray-600" data-testid="gallery-captions">
                    {image.caption && <span lang="en" className="block truncate">{image.caption}</span>}
                    {image.captionAr && <span lang="ar" dir="rtl" className="block truncate">{image.captionAr}</span>}
                  </p>
                )}
                <button
                  type="button"
                  onClick={() => setDeleting(image)}
                  aria-label="Delete image"
                  className="absolute right-1 top-1 rounded bg-red-600 px-2 py-1 text-xs text-white opacity-100 sm:opacity-0 sm:group-hover:opacity-100 sm:focus:opacity-100"
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        </ListStates>
      </section>
      {deleting && (
        <ConfirmDialog
          title="Delete image"
          message="Are you sure you want to delete this image from the gallery?"
          busy={removeState.isLoading}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
