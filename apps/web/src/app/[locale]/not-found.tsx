import { ErrorPage } from "../../components/shell/ErrorPage";

export default function NotFound() {
  return <ErrorPage kind="notFound" title />;
}
