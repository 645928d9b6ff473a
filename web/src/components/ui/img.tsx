import { styled } from '@mui/material/styles';

/**
 * An <img> styled with `sx` that keeps its `width` and `height` as attributes (MUI's Box takes
 * them as CSS): the browser reserves the image's box before it loads, at its proportions.
 */
export const Img = styled('img')({});
