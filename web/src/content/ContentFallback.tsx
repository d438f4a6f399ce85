/** The one text that cannot come from content: content itself failed to load. */
export function ContentFallback() {
  return (
    <div className="content-fallback" role="alert" data-page="contentError">
      <p lang="en">We're having trouble loading this page. Please refresh or try again later.</p>
      <p lang="es">Tenemos problemas para cargar esta página. Actualiza o vuelve a intentarlo más tarde.</p>
    </div>
  );
}

export function ContentLoading() {
  return <div className="content-loading" aria-busy="true" />;
}
