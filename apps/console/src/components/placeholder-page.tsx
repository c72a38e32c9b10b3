import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from './page-header.tsx';

type PlaceholderPageProps = {
  title: string;
  /** One line saying what the screen will hold. */
  description: string;
};

/** A screen that a later release builds: its title and what will be there, nothing that pretends to work. */
export function PlaceholderPage({ title, description }: PlaceholderPageProps) {
  return (
    <>
      <PageHeader title={title} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography>{description}</Typography>
      </Paper>
    </>
  );
}
