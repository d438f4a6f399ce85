import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../web/src/**/*.stories.tsx'],
  addons: ['msw-storybook-addon'],
  framework: { name: '@storybook/react-vite', options: {} },
  // the MSW worker (`npx msw init storybook/public --save=false`) and the app's images
  staticDirs: ['./public', '../web/public'],
  core: { disableTelemetry: true },
};

export default config;
