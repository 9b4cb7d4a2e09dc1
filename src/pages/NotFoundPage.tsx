import { CompassOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Result, theme } from 'antd';
import { useNavigate } from 'react-router';
import { SHARE_LIST_ROUTE } from '../providers/authProvider';

/**
 * The page for an unknown address. antd's "404" illustration is drawn in its own fixed blues, which
 * clashed with every other brand (issue 13): the icon and the code take the brand's primary colour.
 */
const NotFoundPage = () => {
  const t = useTranslate();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  return (
    <main>
      <Result
        icon={<CompassOutlined aria-hidden data-testid="not-found-icon" style={{ color: token.colorPrimary }} />}
        title={<span style={{ color: token.colorPrimary }}>404</span>}
        subTitle={t('notFoundPage.title')}
        extra={
          <Button type="primary" onClick={() => navigate(SHARE_LIST_ROUTE)}>
            {t('notFoundPage.back')}
          </Button>
        }
      />
    </main>
  );
};

export default NotFoundPage;
