import { Anchor, Box } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { MarketingFooter } from '../../../components/marketing/MarketingFooter';
import { MarketingHeader } from '../../../components/marketing/MarketingHeader';

const MAIN_ID = 'marketing-main';

/** Header, main landmark and footer shared by every public page. Each page renders its own h1. */
export function MarketingLayout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Anchor
        href={`#${MAIN_ID}`}
        className="skip-link"
        style={{ position: 'absolute', left: -9999, top: 0 }}
        onFocus={(event) => (event.currentTarget.style.left = '8px')}
        onBlur={(event) => (event.currentTarget.style.left = '-9999px')}
      >
        Skip to main content
      </Anchor>
      <MarketingHeader />
      <Box component="main" id={MAIN_ID} tabIndex={-1} style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <MarketingFooter />
    </Box>
  );
}
