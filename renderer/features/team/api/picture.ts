import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pictureSavedResponseSchema } from '../../../../shared/api/people-files';
import { uploadFile } from './upload';

/** PUT /user/:id/image (multipart field 'image'). */
export function useUploadPicture(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (picture: Blob) => {
      const fileName = picture.type === 'image/png' ? 'picture.png' : 'picture.jpg';
      return pictureSavedResponseSchema.shape.data.parse(await uploadFile('PUT', `/user/${userId}/image`, { fieldName: 'image', file: picture, fileName }));
    },
    onSuccess: async () => {
      // the desktop keeps the picture's bytes per path (useHubImage): the same path now has new bytes
      await Promise.all([client.invalidateQueries({ queryKey: ['user'] }), client.invalidateQueries({ queryKey: ['hub-image'] })]);
    },
  });
}
