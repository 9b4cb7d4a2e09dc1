import { useTranslate } from '@refinedev/core';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_ROUTE } from '../providers/authProvider';

const NotFoundPage = () => {
  const t = useTranslate();
  const navigate = useNavigate();
  return (
    <main>
      <Result
        status="404"
        title="404"
        subTitle={t('notFoundPage.title')}
        extra={
          <Button type="primary" onClick={() => navigate(HOME_ROUTE)}>
            {t('notFoundPage.back')}
          </Button>
        }
      />
    </main>
  );
};

export default NotFoundPage;
