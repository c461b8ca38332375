import { GenreListPage } from '../../features/catalog/components/genre-list';

export default function GenresRoute() {
  return <GenreListPage />;
}
