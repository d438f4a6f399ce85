import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import '../web/src/styles/index.css';
import '../web/src/styles/retail.css';

const preview: Preview = {
  loaders: [mswLoader()],
  parameters: {
    layout: 'fullscreen',
    controls: { disable: true },
  },
};

export default preview;
