import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pictureSavedResponseSchema } from '../../../../shared/api/people-files';
import { uploadForm } from './upload';

/** PUT /user/:id/image (multipart field 'image'). */
export function useUploadPicture(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (picture: Blob) => {
      const form = new FormData();
      form.append('image', picture, picture.type === 'image/png' ? 'picture.png' : 'picture.jpg');
      return pictureSavedResponseSchema.shape.data.parse(await uploadForm('PUT', `/user/${userId}/image`, form));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['user'] }),
  });
}
